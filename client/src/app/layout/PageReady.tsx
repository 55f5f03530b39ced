import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isPageAnswer } from '../../api/page-context';
import { readSession } from '../../stores/session-store';

/** The attribute on <html> that says the page is the app's: hydrated, or rendered in the browser. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/**
 * Rendered after the routed screen, inside its Suspense boundary: its effect runs once the page is the
 * browser's, screen included (React hydrates a Suspense boundary's content after the shell). Then someone
 * signed in, who saw the page as the server rendered it for a visitor, gets their own answers (the queries
 * that took the page's answers ask again), and <html> says the app is ready (the browser journeys wait
 * for it before they act).
 */
export function PageReady() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (readSession().authenticated) void queryClient.invalidateQueries({ predicate: isPageAnswer });
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
  }, [queryClient]);
  return null;
}
