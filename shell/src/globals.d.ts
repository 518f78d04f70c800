/** Versions of the singletons this shell provides, written in at build time (libs/federation). */
declare const __SHELL_SINGLETON_VERSIONS__: Record<string, string>;

/** The bundler's runtime (rspack names it as webpack does); index.ts slices its script loader. */
declare const __webpack_require__: import('./federation/script-slices.js').ScriptLoaderRuntime;
