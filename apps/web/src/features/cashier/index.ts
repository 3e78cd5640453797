/** The cashier feature's public entry (decision 034): the balance page's payments list. */
export { PaymentsList } from './components/payments-list';
