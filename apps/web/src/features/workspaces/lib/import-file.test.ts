import { describe, expect, it } from 'vitest';
import { ExportLimits, exportMessages } from '@teamup/contracts/exports';
import { ApiError, ClientErrorCode } from '../../../lib/api-error';
import { checkImportFile, importedMessage, importErrorMessage } from './import-file';

describe('checkImportFile', () => {
  it('takes a .zip up to the import limit, whatever the case of its extension', () => {
    expect(checkImportFile({ name: 'teamup-workspace-7.zip', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'EXPORT.ZIP', size: ExportLimits.importMaxBytes })).toBeNull();
  });

  it('refuses anything else before it is sent', () => {
    expect(checkImportFile({ name: 'notes.txt', size: 10 })).toBe(exportMessages.importInvalid);
    expect(checkImportFile({ name: 'big.zip', size: ExportLimits.importMaxBytes + 1 })).toBe(
      exportMessages.importTooLarge,
    );
  });
});

describe('importErrorMessage', () => {
  it("shows the server's Korean detail, and the size limit for a bare 413", () => {
    const invalid = new ApiError(400, 'IMPORT_INVALID', '지원하지 않는 버전의 내보내기입니다.', {
      code: 'IMPORT_INVALID',
      status: 400,
    });
    expect(importErrorMessage(invalid)).toBe('지원하지 않는 버전의 내보내기입니다.');
    const bare = new ApiError(413, ClientErrorCode.HTTP_ERROR, 'HTTP 413', '<html>');
    expect(importErrorMessage(bare)).toBe(exportMessages.importTooLarge);
    expect(importErrorMessage(new Error('boom'))).toBe('워크스페이스를 가져오지 못했습니다.');
  });
});

describe('importedMessage', () => {
  it('tells the members left out only when there were any', () => {
    expect(
      importedMessage({ workspaceId: 9, name: '스터디', membersMatched: 3, membersMissing: 0 }),
    ).toBe("'스터디' 워크스페이스를 가져왔습니다.");
    expect(
      importedMessage({ workspaceId: 9, name: '스터디', membersMatched: 3, membersMissing: 2 }),
    ).toBe(
      "'스터디' 워크스페이스를 가져왔습니다. 멤버 3명을 찾았고 2명은 이 서버에 계정이 없어 제외되었습니다.",
    );
  });
});
