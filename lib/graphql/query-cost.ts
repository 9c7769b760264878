// The cost of an operation: every field costs 1, and a list multiplies the cost of what is
// selected inside it by how many items it can return. For the registry's lists that is their
// `limit` argument, so `ngos(limit: 100) { … }` costs a hundred times `ngos(limit: 1) { … }`.
import {
  getNamedType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "graphql";
import { PAGE_SIZE } from "@/lib/registry/schemas";
import { SECTORS } from "@/lib/registry/sectors";
import { NGO_STATES } from "@/lib/tiers";
import { TRUST_COMPONENT_NAMES } from "@/lib/trust/components";


/** How many items the lists without a limit argument hold at most (or, for history, usually). */
const LIST_SIZES: Record<string, number> = {
  "NgoPage.entries": 1, // ngos_page already multiplies by its limit
  "TrustScore.components": TRUST_COMPONENT_NAMES.length,
  "Ngo.state_history": 10,
  "Query.sectors": SECTORS.length,
  "RegistryStats.by_state": NGO_STATES.length,
  "RegistryStats.by_sector": SECTORS.length,
  "RegistryStats.by_country": 250,
  "RegistryStats.trust_score_histogram": 10,
};
const UNKNOWN_LIST_SIZE = 100;

type Walk = {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  fragmentCosts: Map<string, number>;
};

export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: readonly FragmentDefinitionNode[],
  variables: Record<string, unknown> = {},
): number {
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  const walk: Walk = { schema, fragments: new Map(fragments.map((f) => [f.name.value, f])), variables, fragmentCosts: new Map() };
  return selectionCost(walk, operation.selectionSet, root);
}

function selectionCost(walk: Walk, selectionSet: SelectionSetNode, parent: GraphQLObjectType): number {
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      // Introspection is bounded by the schema's size and by its own rule.
      if (selection.name.value.startsWith("__")) continue;
      const field = parent.getFields()[selection.name.value];
      if (!field) continue;
      const type = getNamedType(field.type);
      const inner = selection.selectionSet && isObjectType(type) ? selectionCost(walk, selection.selectionSet, type) : 0;
      total += 1 + inner * multiplier(walk, parent, field, selection.arguments ?? []);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      total += selectionCost(walk, selection.selectionSet, conditionType(walk, selection.typeCondition?.name.value) ?? parent);
    } else {
      total += fragmentCost(walk, selection.name.value, parent);
    }
  }
  return total;
}

/** Each fragment is costed once: spreading one fragment many times cannot make the walk explode. */
function fragmentCost(walk: Walk, name: string, parent: GraphQLObjectType): number {
  const known = walk.fragmentCosts.get(name);
  if (known !== undefined) return known;
  const fragment = walk.fragments.get(name);
  walk.fragmentCosts.set(name, 0); // a cycle (refused by validation anyway) adds nothing
  const cost = fragment ? selectionCost(walk, fragment.selectionSet, conditionType(walk, fragment.typeCondition.name.value) ?? parent) : 0;
  walk.fragmentCosts.set(name, cost);
  return cost;
}

function conditionType(walk: Walk, name: string | undefined): GraphQLObjectType | undefined {
  const type = name === undefined ? undefined : walk.schema.getType(name);
  return type && isObjectType(type) ? type : undefined;
}

function multiplier(
  walk: Walk,
  parent: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
  args: readonly { name: { value: string }; value: ValueNode }[],
): number {
  if (field.args.some((arg) => arg.name === "limit")) {
    const limit = args.find((arg) => arg.name.value === "limit")?.value;
    return limitValue(walk, limit);
  }
  return isList(field.type) ? (LIST_SIZES[`${parent.name}.${field.name}`] ?? UNKNOWN_LIST_SIZE) : 1;
}

/** The limit asked for, clamped to what the resolver accepts (it refuses anything else). */
function limitValue(walk: Walk, node: ValueNode | undefined): number {
  let value: unknown = PAGE_SIZE.default;
  if (node?.kind === Kind.INT) value = Number(node.value);
  else if (node?.kind === Kind.VARIABLE) value = walk.variables[node.name.value] ?? PAGE_SIZE.default;
  return typeof value === "number" && Number.isInteger(value) ? Math.min(Math.max(value, 1), PAGE_SIZE.max) : PAGE_SIZE.max;
}

function isList(type: GraphQLOutputType): boolean {
  return isListType(isNonNullType(type) ? type.ofType : type);
}
