import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The app in the browser, with the tree the server renders too (render-page.tsx: hydration needs the
 * same tree; React's ids follow its shape). A navigation renders the new location at once, not as a
 * transition: the screen shows its skeleton while its code loads instead of the old page staying up with
 * no sign of the click.
 */
export function App() {
  return (
    <AppProvider>
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
