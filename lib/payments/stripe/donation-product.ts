import type Stripe from "stripe";

/** The one product every monthly gift's inline price belongs to. */
export const DONATION_PRODUCT_ID = "trust_registry_donation";

const products = new WeakMap<Stripe, Promise<string>>();

/**
 * Stripe's subscription `price_data` needs a product id, though the price itself stays inline (no
 * catalogue to manage). One "Donation" product under a fixed id serves every gift: fetched once
 * per process, and made on first use (the id, and an idempotency key, make two processes racing
 * to create it end with the same one).
 */
export function donationProduct(client: Stripe): Promise<string> {
  let product = products.get(client);
  if (!product) {
    product = findOrCreate(client);
    // A failure is not remembered: the next gift asks again.
    product.catch(() => products.delete(client));
    products.set(client, product);
  }
  return product;
}

async function findOrCreate(client: Stripe): Promise<string> {
  try {
    return (await client.products.retrieve(DONATION_PRODUCT_ID)).id;
  } catch (error) {
    if ((error as { code?: string }).code !== "resource_missing") throw error;
  }
  try {
    const created = await client.products.create({ id: DONATION_PRODUCT_ID, name: "Donation" }, { idempotencyKey: `product-${DONATION_PRODUCT_ID}` });
    return created.id;
  } catch (error) {
    if ((error as { code?: string }).code === "resource_already_exists") return DONATION_PRODUCT_ID;
    throw error;
  }
}
