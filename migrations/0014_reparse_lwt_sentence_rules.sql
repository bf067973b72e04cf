-- Issue 33: texts are cut by LWT's sentence rules now (abbreviations such as "Mr." are words, exceptions are
-- patterns, whitespace runs are one space). Every stored parse is made again when its text is next opened
-- (ensureParsed in src-main/modules/texts/service.ts): terms and statuses live in `words` and are linked again,
-- and the reading position moves to the same word of the new parse.
UPDATE `texts` SET `TxNeedsParse` = 1;
