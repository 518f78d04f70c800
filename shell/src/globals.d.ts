/** Versions of the singletons this shell provides, written in at build time (libs/federation). */
declare const __SHELL_SINGLETON_VERSIONS__: Record<string, string>;
