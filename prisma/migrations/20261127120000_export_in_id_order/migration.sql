-- The bulk export reads in id order, and ids sort by creation (lib/random-id.ts: timeOrderedId):
-- batch after batch along the primary key, whose neighbouring entries were written together,
-- with their score components and history beside them. The (created_at, id) index it read by
-- before is no longer used by anything: a sample registry, generated in random creation order,
-- made each batch of 1,000 read some 5,000 pages scattered over all three tables.
-- DropIndex
DROP INDEX "ngos_created_at_id_idx";
