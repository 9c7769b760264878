import type { ApolloServerPlugin } from "@apollo/server";

/**
 * Every answer Apollo sends carries `Cache-Control: no-store`, as it did with Apollo's
 * cache-control plugin, which create-registry-server.ts turns off: the schema declares no cache
 * hints, so that plugin always came to no-store, but only after wrapping every resolver and
 * running a hook on every resolved field (81 for the seed's list of 20 entries).
 */
export const noStorePlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        response.http.headers.set("cache-control", "no-store");
      },
    };
  },
};
