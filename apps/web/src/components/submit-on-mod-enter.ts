import type { KeyboardEvent } from 'react';

/** Ctrl+Enter (⌘+Enter on a Mac) in a text area submits its form. */
export function submitOnModEnter(event: KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}
