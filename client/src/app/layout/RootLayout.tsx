import { useIsMutating } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SessionKeeper } from '@/features/auth/components/SessionKeeper';
import { GlobalModal } from '../../components/GlobalModal';
import { MessageArea } from '../../components/MessageArea';
import { PageSkeleton } from '../../components/Skeleton';
import { FullPageSpinner } from '../../components/Spinner';
import { ToastContainer } from '../../components/ToastContainer';
import { useSpinnerVisible } from '../../stores/ui-store';
import { AccessibilityClasses } from './AccessibilityPanel';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { LanguageSync } from './LanguageSync';
import { RouteFocus } from './RouteFocus';
import { ScrollManager } from './ScrollManager';
import { TopBar } from './TopBar';

/** The global shell: public layout around the routed view, plus the modal, toasts and spinner. */
export function RootLayout() {
  const spinnerRequested = useSpinnerVisible();
  const mutating = useIsMutating() > 0;
  return (
    <>
      <LanguageSync />
      <SessionKeeper />
      <ScrollManager />
      <RouteFocus />
      <AccessibilityClasses />
      <div className="layout">
        <TopBar />
        <MessageArea />
        <main id="main" className="layout__main" tabIndex={-1}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
      <CookieBanner />
      <GlobalModal />
      <ToastContainer />
      <FullPageSpinner visible={spinnerRequested || mutating} />
    </>
  );
}
