// Presentational pieces more than one remote shows. Imported as @meetings/shell-context/ui so the
// shell's own first load does not carry them; each remote bundles what it uses.
export { ActionMeta } from './ActionMeta.js';
export { ActionRow, type ActionRowProps } from './ActionRow.js';
