// A monthly gift's payment (donation_payments) as events show it.
import type { CurrencyCode } from "./currencies";
import type { DonationPaymentView } from "./schemas";

export type PaymentRow = {
  id: string;
  status: string;
  amount: number;
  amountRefunded: number;
  currency: string;
  failureCode: string | null;
  providerInvoiceId: string | null;
  providerPaymentId: string | null;
  createdAt: Date;
};

// The table's CHECK constraints admit only these values, so the casts below hold.
export function toPaymentView(row: PaymentRow): DonationPaymentView {
  return {
    id: row.id,
    status: row.status as DonationPaymentView["status"],
    amount: row.amount,
    currency: row.currency as CurrencyCode,
    amount_refunded: row.amountRefunded,
    failure_code: row.failureCode,
    provider_invoice_id: row.providerInvoiceId,
    provider_payment_id: row.providerPaymentId,
    created_at: row.createdAt.toISOString(),
  };
}
