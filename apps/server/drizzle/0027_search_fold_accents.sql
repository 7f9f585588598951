-- hand-written (keep when regenerating)
-- The search folds accents too (issue 29): José = Jose, Łukasz = Lukasz, with the German rule kept (Müller = Mueller,
-- Groß = Gross). search_fold is foldForSearch of packages/shared/src/rules/search-fold.ts, step by step:
-- 1 the letters spelled with two (FOLD_SEQUENCES, also a decomposed umlaut), 2 combining accents dropped (FOLD_MARKS),
-- 3 every other accented Latin letter to its base letter (translate: FOLD_FROM, FOLD_TO), 4 lower case,
-- 5 white space one space, none at the ends (FOLD_SPACES). search-fold.api.test.ts compares the two.
-- translate() and not the unaccent extension: unaccent is STABLE (its rules file may change), folds ä to a, maps
-- symbols too and its rules differ between PostgreSQL versions; this list is the same everywhere.
-- PL/pgSQL to skip what a name does not need: steps 1-3 change only letters beyond ASCII (octet_length = length in
-- UTF-8), step 3 only those step 1 left. translate() over 500 letters costs 10-20 µs a name, and the customers' import
-- writes three folded names a customer: 30,000 names of the groups bench (Jürgen, Käthe …) took 670 ms in one SQL
-- expression, 70 ms so. Not inlined as a SQL function would be; it is read from the stored columns.
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
DECLARE
  s text := t;
BEGIN
  IF octet_length(s) <> length(s) THEN
    -- 1 letters spelled with two (FOLD_SEQUENCES)
    s := replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(s, 'Ä', 'ae'), 'ä', 'ae'), 'Ö', 'oe'), 'ö', 'oe'), 'Ü', 'ue'), 'ü', 'ue'), E'A\u0308', 'ae'), E'a\u0308', 'ae'), E'O\u0308', 'oe'), E'o\u0308', 'oe'), E'U\u0308', 'ue'), E'u\u0308', 'ue'), 'ß', 'ss'), 'ẞ', 'ss'), 'Æ', 'ae'), 'æ', 'ae'), 'Ǣ', 'ae'), 'ǣ', 'ae'), 'Ǽ', 'ae'), 'ǽ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'), 'Þ', 'th'), 'þ', 'th'), 'Ĳ', 'ij'), 'ĳ', 'ij');
    IF octet_length(s) <> length(s) THEN
      -- 2 combining accents dropped (FOLD_MARKS), 3 accented letters to their base letter (FOLD_FROM, FOLD_TO)
      s := translate(regexp_replace(s, '[\u0300-\u036f]', '', 'g'),
        'ÀÁÂÃÅàáâãåĀāĂăĄąǍǎǞǟǠǡǺǻȀȁȂȃȦȧḀḁẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặḂḃḄḅḆḇÇçĆćĈĉĊċČčḈḉĎďḊḋḌḍḎḏḐḑḒḓÐðĐđÈÉÊËèéêëĒēĔĕĖėĘęĚěȄȅȆȇȨȩḔḕḖḗḘḙḚḛḜḝẸẹẺẻẼẽẾếỀềỂểỄễỆệḞḟĜĝĞğĠġĢģǦǧǴǵḠḡĤĥȞȟḢḣḤḥḦḧḨḩḪḫẖĦħÌÍÎÏìíîïĨĩĪīĬĭĮįİǏǐȈȉȊȋḬḭḮḯỈỉỊịıĴĵǰĶķǨǩḰḱḲḳḴḵĹĺĻļĽľḶḷḸḹḺḻḼḽĿŀŁłḾḿṀṁṂṃÑñŃńŅņŇňǸǹṄṅṆṇṈṉṊṋÒÓÔÕòóôõŌōŎŏŐőƠơǑǒǪǫǬǭȌȍȎȏȪȫȬȭȮȯȰȱṌṍṎṏṐṑṒṓỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợØøǾǿṔṕṖṗŔŕŖŗŘřȐȑȒȓṘṙṚṛṜṝṞṟŚśŜŝŞşŠšȘșṠṡṢṣṤṥṦṧṨṩſẛŢţŤťȚțṪṫṬṭṮṯṰṱẗŦŧÙÚÛùúûŨũŪūŬŭŮůŰűŲųƯưǓǔǕǖǗǘǙǚǛǜȔȕȖȗṲṳṴṵṶṷṸṹṺṻỤụỦủỨứỪừỬửỮữỰựṼṽṾṿŴŵẀẁẂẃẄẅẆẇẈẉẘẊẋẌẍÝýÿŶŷŸȲȳẎẏẙỲỳỴỵỶỷỸỹŹźŻżŽžẐẑẒẓẔẕς',
        'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabbbbbbccccccccccccddddddddddddddddeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeffgggggggggggggghhhhhhhhhhhhhhhhhiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiijjjkkkkkkkkkkllllllllllllllllllmmmmmmnnnnnnnnnnnnnnnnnnoooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooopppprrrrrrrrrrrrrrrrrrsssssssssssssssssssssstttttttttttttttttuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuvvvvwwwwwwwwwwwwwxxxxyyyyyyyyyyyyyyyyyyyzzzzzzzzzzzzσ');
    END IF;
  END IF;
  -- 4 lower case, 5 white space one space, none at the ends (FOLD_SPACES)
  RETURN btrim(regexp_replace(lower(s), '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ');
END $$;--> statement-breakpoint
-- The stored folded names were computed by the old function and are only computed again on a write of the name:
-- dropped and added again, in one statement (one rewrite of the table, as 0021 added them). Their indexes go with
-- them and are built again as 0021 built them.
ALTER TABLE "customers"
  DROP COLUMN "first_fold",
  DROP COLUMN "last_fold",
  DROP COLUMN "name_fold",
  ADD COLUMN "first_fold" text GENERATED ALWAYS AS (search_fold(first_name)) STORED,
  ADD COLUMN "last_fold" text GENERATED ALWAYS AS (search_fold(last_name)) STORED,
  ADD COLUMN "name_fold" text GENERATED ALWAYS AS (search_fold(first_name || ' ' || last_name)) STORED;--> statement-breakpoint
CREATE INDEX "customers_staff_last_fold_idx" ON "customers" USING btree ("staff_id","last_fold","id") INCLUDE ("first_fold");--> statement-breakpoint
CREATE INDEX "customers_staff_first_fold_idx" ON "customers" USING btree ("staff_id","first_fold","id") INCLUDE ("last_fold");--> statement-breakpoint
CREATE INDEX "customers_name_fold_trgm_idx" ON "customers" USING gin ("staff_id", "name_fold" gin_trgm_ops);--> statement-breakpoint
-- The name parts are made again from the new folded names (parts of names no customer bears any more go: the
-- search never needed them). The trigram index is built after the parts are in, as in 0021.
DROP INDEX IF EXISTS "customer_name_parts_trgm_idx";--> statement-breakpoint
DELETE FROM customer_name_parts;--> statement-breakpoint
INSERT INTO customer_name_parts (staff_id, name)
  SELECT DISTINCT c.staff_id, p.name FROM customers c CROSS JOIN LATERAL (VALUES (c.first_fold), (c.last_fold)) p(name)
  WHERE p.name <> '' ORDER BY 1, 2
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "customer_name_parts_trgm_idx" ON "customer_name_parts" USING gin ("staff_id", "name" gin_trgm_ops);--> statement-breakpoint
-- Fresh statistics for the new columns and parts: the search's plans depend on them.
ANALYZE customers;--> statement-breakpoint
ANALYZE customer_name_parts;
