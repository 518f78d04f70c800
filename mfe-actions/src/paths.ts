// Where this remote is mounted (docs/product.md, Screens and routes).
export const ACTIONS_PATH = '/app/actions';
