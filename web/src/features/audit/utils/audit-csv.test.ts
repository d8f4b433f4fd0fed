import { describe, expect, it } from 'vitest';
import { auditCsv } from './audit-csv.ts';

describe('auditCsv', () => {
  it("writes a BOM, the header and one row per record with the action key, the item's name and the difference, quoting what needs it", () => {
    const csv = auditCsv(['Time', 'User ID', 'User name', 'Action', 'Type', 'ID', 'Name', 'IP', 'Changes', 'Before', 'After'], [{
      id: 'x', at: '2026-11-26T00:00:00.000Z', user_id: 'admin', user_nm: '管理者, 太郎', action: 'tag.rename', target_type: 'tag', target_id: 't1', target_nm: '=New',
      before: { name: 'Old' }, after: { name: '=New' }, source_ip: '192.0.2.1', request_id: 'r',
    }], (iso) => iso.slice(0, 10));
    expect(csv).toBe('\ufeffTime,User ID,User name,Action,Type,ID,Name,IP,Changes,Before,After\r\n'
      + '2026-11-26,admin,"管理者, 太郎",tag.rename,tag,t1,\'=New,192.0.2.1,name: Old → =New,"{""name"":""Old""}","{""name"":""=New""}"\r\n');
  });
});
