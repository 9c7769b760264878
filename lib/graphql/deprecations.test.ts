// The deprecation policy (docs/deprecation.md) for GraphQL: a field, argument or enum value is
// deprecated with `deprecationReason` (printed as @deprecated(reason:) in schema.graphql), and the
// reason names what to use instead and the day after which it may go.
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { registrySchema } from "./schema";

const REASON = /\bremoved after \d{4}-\d{2}-\d{2}\b/;

function deprecatedMembers(): { member: string; reason: string }[] {
  const found: { member: string; reason: string }[] = [];
  for (const type of Object.values(registrySchema.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (field.deprecationReason) found.push({ member: `${type.name}.${field.name}`, reason: field.deprecationReason });
        for (const arg of "args" in field ? field.args : []) {
          if (arg.deprecationReason) found.push({ member: `${type.name}.${field.name}(${arg.name})`, reason: arg.deprecationReason });
        }
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) {
        if (value.deprecationReason) found.push({ member: `${type.name}.${value.name}`, reason: value.deprecationReason });
      }
    }
  }
  return found;
}

describe("GraphQL deprecations", () => {
  it("each says when it goes: 'removed after YYYY-MM-DD' in its reason", () => {
    for (const { member, reason } of deprecatedMembers()) expect(reason, member).toMatch(REASON);
  });
});
