// The public landing page, apart from the shell services: mfe-onboarding renders it at `/`, and the
// shell's build renders it once into static HTML (shell/src/prerender). Each bundles its own copy.
export { LandingPage } from './LandingPage.js';
