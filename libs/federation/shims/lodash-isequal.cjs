// lodash.isequal as quill-delta requires it, from lodash-es: Quill's own copy.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- required by CommonJS, so CommonJS
module.exports = require('lodash-es/isEqual.js').default;
