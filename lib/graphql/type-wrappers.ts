import { GraphQLList, GraphQLNonNull, type GraphQLOutputType } from "graphql";

/** `T!` */
export const nonNull = <T extends GraphQLOutputType>(type: T) => new GraphQLNonNull(type);

/** `[T!]!`: a list that is always there and holds no nulls. */
export const listOf = <T extends GraphQLOutputType>(type: T) => nonNull(new GraphQLList(nonNull(type)));
