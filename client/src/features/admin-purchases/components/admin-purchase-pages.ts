/** The admin purchases and invoices screens, loaded together as one chunk. */
export { AdminInvoicesPage } from './AdminInvoicesPage';
export { AdminPurchasePage } from './AdminPurchasePage';
export { AdminPurchasesPage } from './AdminPurchasesPage';
