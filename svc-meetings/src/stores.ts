// The meetings' stores and views, for tools that run the service's own queries without the service
// (the benchmark's minimal handler).
export { MeetingStore } from './store/meeting-store.js';
export { AgendaStore, ActionStore } from './items/item-store.js';
export { meetingSummaryView, meetingView, meetingSnapshot } from './store/views.js';
