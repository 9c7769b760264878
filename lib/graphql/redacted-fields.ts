import { Kind, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from "graphql";
import { canSee, NGO_FIELD_TIERS, type NgoField, type Tier } from "@/lib/tiers";

/**
 * Answers already read, per operation and tier. Apollo keeps one parsed document per query text
 * (its document store), so a query asked again brings the same operation node, and the walk
 * below is done once per query and tier; an operation Apollo forgets is forgotten here too.
 */
const known = new WeakMap<OperationDefinitionNode, Map<Tier, readonly NgoField[]>>();

/**
 * The Ngo fields the operation selects that the tier may not see: they resolve to null, and the
 * response names them in extensions.redacted. Read from the document, so the answer is the same
 * whether a list came back with a hundred entries or none.
 */
export function redactedFields(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, tier: Tier): NgoField[] {
  let byTier = known.get(operation);
  if (!byTier) known.set(operation, (byTier = new Map()));
  let fields = byTier.get(tier);
  if (!fields) byTier.set(tier, (fields = readRedactedFields(schema, document, operation, tier)));
  return [...fields];
}

function readRedactedFields(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, tier: Tier): NgoField[] {
  const redacted = new Set<NgoField>();
  const typeInfo = new TypeInfo(schema);
  const visitor = visitWithTypeInfo(typeInfo, {
    Field(node) {
      const name = node.name.value;
      if (typeInfo.getParentType()?.name === "Ngo" && name in NGO_FIELD_TIERS && !canSee(tier, name as NgoField)) {
        redacted.add(name as NgoField);
      }
    },
  });
  // The operation and the fragments (validation refuses fragments no operation uses).
  for (const definition of document.definitions) {
    if (definition === operation || definition.kind === Kind.FRAGMENT_DEFINITION) visit(definition, visitor);
  }
  return (Object.keys(NGO_FIELD_TIERS) as NgoField[]).filter((field) => redacted.has(field));
}
