export * from './eventually.js';
export * from './fault-proxy.js';
export * from './ports.js';
export * from './private-servers.js';
export * from './smtp.js';
export * from './xss-vectors.js';
