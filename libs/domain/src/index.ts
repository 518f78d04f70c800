export * from './avatars.js';
export * from './copy-actions.js';
export * from './dates.js';
export * from './hashtags.js';
export * from './items.js';
export * from './subscription.js';
export * from './due-dates.js';
