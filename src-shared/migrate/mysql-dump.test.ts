// The MySQL dump tokenizer: literals and escapes, backticks, multi-row INSERT, column lists, skipped and refused
// statements, limits.
import { describe, expect, it } from 'vitest';
import { DumpError, parseMysqlDump } from './mysql-dump';

const CREATE =
  "CREATE TABLE `t` (\n  `a` int NOT NULL,\n  `b` varchar(20) DEFAULT 'x,y',\n  `we``ird` text,\n  PRIMARY KEY (`a`),\n  KEY `b` (`b`(10))\n) ENGINE=InnoDB;\n";

describe('parseMysqlDump', () => {
  it('reads column names from CREATE TABLE and rows of multi-row INSERTs', () => {
    const d = parseMysqlDump(CREATE + "INSERT INTO `t` VALUES (1,'it\\'s','a''b'),(2,NULL,\"q\\\"x\\n\"),\n(-3.5e2, 0x4869, '');");
    expect(d.tables.get('t')!.columns).toEqual(['a', 'b', 'we`ird']);
    expect(d.tables.get('t')!.rows).toEqual([
      { a: 1, b: "it's", 'we`ird': "a'b" },
      { a: 2, b: null, 'we`ird': 'q"x\n' },
      { a: -350, b: 'Hi', 'we`ird': '' },
    ]);
  });

  it('uses an explicit column list, and skips comments, SET, DROP, LOCK and versioned comments', () => {
    const d = parseMysqlDump(
      "-- header\n/*!40101 SET NAMES utf8 */;\nSET FOREIGN_KEY_CHECKS = 0;\nDROP TABLE IF EXISTS `x`;\nLOCK TABLES `x` WRITE;\n# note\nINSERT INTO x (b, a) VALUES ('one', 1);\nUNLOCK TABLES;\nALTER TABLE `x` ENABLE KEYS;",
    );
    expect(d.tables.get('x')!.rows).toEqual([{ b: 'one', a: 1 }]);
  });

  it('keeps SQL inside strings as data', () => {
    const d = parseMysqlDump("INSERT INTO x (a) VALUES ('1; DROP TABLE words; -- '), ('/* no */');");
    expect(d.tables.get('x')!.rows.map((r) => r.a)).toEqual(['1; DROP TABLE words; -- ', '/* no */']);
  });

  it('refuses other statements with their line', () => {
    expect(() => parseMysqlDump('INSERT INTO x (a) VALUES (1);\n\nUPDATE x SET a = 2;')).toThrow(/UPDATE statement, which is never run \(line 3\)/);
    expect(() => parseMysqlDump('CREATE TRIGGER t BEFORE INSERT ON x FOR EACH ROW SET @a = 1;')).toThrow(/Only CREATE TABLE/);
    expect(() => parseMysqlDump('ALTER TABLE x ADD COLUMN c int;')).toThrow(/ALTER TABLE/);
    expect(() => parseMysqlDump('INSERT INTO x (a) VALUES (1) ON DUPLICATE KEY UPDATE a = 2;')).toThrow(/ON DUPLICATE KEY/);
    expect(() => parseMysqlDump('INSERT INTO x (a) VALUES (SLEEP(10));')).toThrow(DumpError);
  });

  it('refuses broken input', () => {
    expect(() => parseMysqlDump("INSERT INTO x (a) VALUES ('never closed);")).toThrow(/Unterminated string/);
    expect(() => parseMysqlDump('INSERT INTO x (a, b) VALUES (1);')).toThrow(/1 values for 2 columns/);
    expect(() => parseMysqlDump('INSERT INTO x VALUES (1);')).toThrow(/CREATE TABLE has 0 columns/);
    expect(() => parseMysqlDump('/* open')).toThrow(/Unterminated comment/);
  });

  it('enforces its limits', () => {
    const rows = Array.from({ length: 20 }, (_, i) => `(${i})`).join(',');
    expect(() => parseMysqlDump(`INSERT INTO x (a) VALUES ${rows};`, { maxRows: 10, maxStatements: 100, maxStringLength: 100 })).toThrow(/too many rows/);
    expect(() => parseMysqlDump(`INSERT INTO x (a) VALUES ('${'y'.repeat(200)}');`, { maxRows: 10, maxStatements: 100, maxStringLength: 100 })).toThrow(
      /too long/,
    );
  });
});
