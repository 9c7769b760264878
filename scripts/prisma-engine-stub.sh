#!/bin/sh
# Stands in for Prisma's native schema engine, which cannot be downloaded on offline machines.
# `prisma generate` only checks that the file exists; migrations run through lib/db/migrate.ts.
echo "The native Prisma schema engine is not used by this project: migrations run with 'npm run db:migrate'." >&2
exit 1
