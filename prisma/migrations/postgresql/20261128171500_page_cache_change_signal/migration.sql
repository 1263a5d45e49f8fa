-- The page cache's change signal (lib/page-cache/change-signal.ts): every write to the catalog
-- cache or the settings notifies "relay_catalog_changed" when its transaction commits, so each
-- app instance reads what changed only then. The schema engine splits a migration at every
-- semicolon, even inside a function body, so the body is a Unicode-escaped string and each
-- semicolon in it is written \003B.
CREATE FUNCTION "relay_notify_catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN PERFORM pg_notify(''relay_catalog_changed'', TG_TABLE_NAME)\003B RETURN NULL\003B END';

CREATE TRIGGER "CatalogCacheEntry_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "CatalogCacheEntry" FOR EACH STATEMENT EXECUTE FUNCTION "relay_notify_catalog_changed"();

CREATE TRIGGER "Setting_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Setting" FOR EACH STATEMENT EXECUTE FUNCTION "relay_notify_catalog_changed"();
