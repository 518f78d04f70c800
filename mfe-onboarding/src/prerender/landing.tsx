// Built for Node by the PrerenderPlugin (libs/federation) and run once per production build: the
// landing page as static markup for the shell's server to put into the HTML of `/`.
import { PRERENDERED_LANDING_FILE, type PrerenderedPage } from '@meetings/contracts';
import { prerenderedPage, renderInScheme } from '@meetings/shell-context/prerender';
import { Landing } from '../screens/Landing.js';

/** The files the build writes beside the remote's assets (libs/federation PrerenderPlugin). */
export default function render(): Record<string, PrerenderedPage> {
  return {
    [PRERENDERED_LANDING_FILE]: prerenderedPage((mode) => renderInScheme(<Landing />, mode)),
  };
}
