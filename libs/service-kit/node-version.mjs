// Imported first by every entry point (scripts, services, the gateway): on an older Node.js the
// product stops here with a clear message instead of failing later on an API it lacks. Plain
// JavaScript outside dist/ so the scripts can use it before anything is built.

/** The Node.js major version the product runs on (root package.json `engines` and its `node` dev dependency). */
export const NODE_MAJOR = 24;

/** Why this Node.js version cannot run the product, or null if it can. */
export function nodeVersionProblem(version = process.versions.node) {
  const major = Number(version.split('.')[0]);
  if (major >= NODE_MAJOR) return null;
  return (
    `This product needs Node.js ${NODE_MAJOR} or newer; this is v${version}. ` +
    'Run it through npm (npm start, npm test), which uses the Node.js the project installs.'
  );
}

const problem = nodeVersionProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}
