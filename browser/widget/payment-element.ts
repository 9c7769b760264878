// Live mode's card fields: Stripe's Payment Element, in Stripe's own iframe (Stripe.js, loaded by
// the page from js.stripe.com under its CSP). The card's details go from it to Stripe; this page
// never sees them. Only the few calls of Stripe.js the widget makes are typed here.
export type StripeError = { type: string; code?: string; decline_code?: string; message?: string };
type ConfirmOptions = { elements: StripeElements; confirmParams: { return_url: string }; redirect: "if_required" };
type StripeElements = { create(type: "payment"): { mount(container: HTMLElement): void } };
export type StripeJs = {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: ConfirmOptions): Promise<{ error?: StripeError }>;
};
export type StripeConstructor = (publishableKey: string) => StripeJs;

/** Pays, or answers Stripe's error: a 3-D Secure check may first leave the page for `returnUrl`. */
export type ConfirmPayment = (returnUrl: string) => Promise<StripeError | null>;

/** Mounts the Payment Element for a payment's client secret into `container`. */
export function mountPaymentElement(stripeJs: StripeConstructor, publishableKey: string, clientSecret: string, container: HTMLElement): ConfirmPayment {
  const stripe = stripeJs(publishableKey);
  const elements = stripe.elements({ clientSecret });
  elements.create("payment").mount(container);
  return async (returnUrl) => {
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: "if_required" });
    return error ?? null;
  };
}

/**
 * What the host page hears of a payment Stripe refused, or null when the donor only has to
 * correct a field (Stripe's Payment Element says which): a decline is a failed attempt.
 */
export function refusalReason(error: StripeError): string | null {
  if (error.type === "validation_error") return null;
  return error.decline_code || error.code || error.type;
}
