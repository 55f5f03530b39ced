import { useIsMutating } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SessionKeeper } from '@/features/auth/components/SessionKeeper';
import { BasketProvider } from '@/features/basket/components/BasketProvider';
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
import { LastSearchTracker } from './LastSearchTracker';
import { PageReady } from './PageReady';
import { RouteFocus } from './RouteFocus';
import { ScrollManager } from './ScrollManager';
import { ShareControl } from './ShareControl';
import { TagManager } from './TagManager';
import { TopBar } from './TopBar';

/** The global shell: public layout around the routed view, plus the modal, toasts and spinner. */
export function RootLayout() {
  const spinnerRequested = useSpinnerVisible();
  const mutating = useIsMutating() > 0;
  return (
    <BasketProvider>
      <LanguageSync />
      <SessionKeeper />
      <ScrollManager />
      <RouteFocus />
      <AccessibilityClasses />
      <LastSearchTracker />
      <TagManager />
      <div className="layout">
        <TopBar />
        <MessageArea />
        <main id="main" className="layout__main" tabIndex={-1}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
            <PageReady />
          </Suspense>
          <ShareControl />
        </main>
        <Footer />
      </div>
      <CookieBanner />
      <GlobalModal />
      <ToastContainer />
      <FullPageSpinner visible={spinnerRequested || mutating} />
    </BasketProvider>
  );
}
