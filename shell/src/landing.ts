import { fetchBranding } from './branding.js';
import { brandStaticPage, staticPage } from './static-page.js';

// The landing page's whole script: the build rendered the page with the default brand, and its
// links lead into the app (index.html). It shows the host's brand once /branding.json answers.
const page = staticPage();
if (page) {
  void fetchBranding()
    .then((response) => (response.ok ? response.json() : undefined))
    .then((branding: unknown) => brandStaticPage(page, branding))
    .catch(() => undefined);
}
