// The times the chat shows are formatted like the rest of Mason's (publishing's too), by ui-kit.
export { formatDateTime, formatRelativeTime } from '@mason/ui-kit';
