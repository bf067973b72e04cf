-- Every existing term gets its Anki note id (issue 44): its creation time in milliseconds (at least 10^12, so
-- 13 digits), terms taken in creation order (then id); a term created in a millisecond an earlier one already
-- holds takes the next free one. In closed form, for the i-th term with creation time c_i:
-- id_i = max(c_i, id_(i-1) + 1) = i + max over j <= i of (c_j - j).
UPDATE words SET WoNoteID = filled.note_id FROM (
  SELECT WoID, rn + max(c - rn) OVER (ORDER BY rn ROWS UNBOUNDED PRECEDING) AS note_id
  FROM (SELECT WoID, max(WoCreated, 1000000000000) AS c, row_number() OVER (ORDER BY max(WoCreated, 1000000000000), WoID) AS rn FROM words)
) AS filled WHERE words.WoID = filled.WoID;
