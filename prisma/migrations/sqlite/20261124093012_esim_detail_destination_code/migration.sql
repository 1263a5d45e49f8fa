-- Data migration ([12]): counter sales stored an eSIM's destination as `esim.countryIso`, the
-- order page reads `esim.destinationCode`. Both channels now write one detail schema
-- (lib/products/esim/detail.ts), and this copies the code of the rows written before it.
UPDATE "Order"
SET "detail" = json_set("detail", '$.esim.destinationCode', lower(json_extract("detail", '$.esim.countryIso')))
WHERE "productType" = 'esim'
  AND json_valid("detail")
  AND json_type("detail", '$.esim.countryIso') = 'text'
  AND coalesce(json_type("detail", '$.esim.destinationCode'), 'null') = 'null';
