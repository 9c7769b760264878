// The cost of an operation: every field costs 1, and a list multiplies the cost of what is
// selected inside it by how many items it can return. For the registry's lists that is their
// `limit` argument, so `ngos(limit: 100) { … }` costs a hundred times `ngos(limit: 1) { … }`.
// A field whose work does not show in its selection has a price of its own (FIELD_COSTS).
import {
  getArgumentValues,
  getNamedType,
  getVariableValues,
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
  type FieldNode,
  type SelectionSetNode,
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

/**
 * One `stats` scans every entry its filters match, and is cached 30 s per process per distinct
 * filter set: aliases with varied filters each pay a scan. Measured at 100,000 entries: 22 ms for
 * all of them, 70 ms for a search matching 84,000, where a page of 100 entries with every field
 * (cost 9,801) takes 5 ms. Priced by time no stats would fit, though REST serves one a request;
 * at 4,000, any two fit under MAX_COST (10,000) and three never do.
 */
export const STATS_COST = 4_000;

/** What a field costs in itself, when that is more than 1. */
const FIELD_COSTS: Record<string, number> = {
  "Query.stats": STATS_COST,
};

type Walk = {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  /** The variables as the executor will see them, defaults included; null when they do not coerce. */
  variables: Record<string, unknown> | null;
  fragmentCosts: Map<string, number>;
};

/** The cost of a validated operation, with the request's variables as the client sent them. */
export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: readonly FragmentDefinitionNode[],
  inputs: Record<string, unknown> = {},
): number {
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  // Coerced as execution will coerce them: `$limit: Int = 100` means 100 when the client sends
  // nothing. Variables that do not coerce make execution fail before any resolver runs.
  const { coerced } = getVariableValues(schema, operation.variableDefinitions ?? [], inputs);
  const walk: Walk = {
    schema,
    fragments: new Map(fragments.map((f) => [f.name.value, f])),
    variables: coerced ?? null,
    fragmentCosts: new Map(),
  };
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
      total += (FIELD_COSTS[`${parent.name}.${field.name}`] ?? 1) + inner * multiplier(walk, parent, field, selection);
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

function multiplier(walk: Walk, parent: GraphQLObjectType, field: GraphQLField<unknown, unknown>, node: FieldNode): number {
  if (field.args.some((arg) => arg.name === "limit")) return limitValue(walk, field, node);
  return isList(field.type) ? (LIST_SIZES[`${parent.name}.${field.name}`] ?? UNKNOWN_LIST_SIZE) : 1;
}

/**
 * The limit the resolver will be given (read as the executor reads arguments), clamped to what
 * it accepts: it refuses anything else. A limit that cannot be known is costed at the most.
 */
function limitValue(walk: Walk, field: GraphQLField<unknown, unknown>, node: FieldNode): number {
  if (!walk.variables) return PAGE_SIZE.max;
  const value = getArgumentValues(field, node, walk.variables).limit ?? PAGE_SIZE.default;
  return typeof value === "number" && Number.isInteger(value) ? Math.min(Math.max(value, 1), PAGE_SIZE.max) : PAGE_SIZE.max;
}

function isList(type: GraphQLOutputType): boolean {
  return isListType(isNonNullType(type) ? type.ofType : type);
}
