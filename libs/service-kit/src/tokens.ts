/** Injection tokens of the infrastructure the kit provides to every service. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const LOGGER = Symbol('LOGGER');
export const MESSAGE_BUS = Symbol('MESSAGE_BUS');
export const CACHE = Symbol('CACHE');
export const KEY_STORE = Symbol('KEY_STORE');
