const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** "November 1, 2026": a day as people read it, in their own time zone. */
export const formatLongDate = (iso: string): string => longDate.format(new Date(iso));
