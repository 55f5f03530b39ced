/** The purchases feature's screens, loaded together as one chunk when the first of them opens. */
export { MyPurchasesPage } from './MyPurchasesPage';
export { PaymentCancelPage } from './PaymentCancelPage';
export { PaymentReturnPage } from './PaymentReturnPage';
export { PurchaseSummaryPage } from './PurchaseSummaryPage';
