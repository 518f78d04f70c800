// The actions list's query and the index's writer, for tools that run the service's own queries
// without the service (the benchmark's minimal handler, its EXPLAIN script).
export { hashtagSuggestionsSql, listActionsQuery } from './actions/actions-query.js';
export { MeetingIndexWriter } from './action-index/meeting-index.writer.js';
