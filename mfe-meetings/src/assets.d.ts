// Style sheets are bundled by rspack's CSS support (type 'css/auto').
declare module '*.css';
