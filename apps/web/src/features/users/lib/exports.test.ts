import { describe, expect, it } from 'vitest';
import type { DataExport } from '@teamup/contracts/exports';
import {
  EXPORT_POLL_MS,
  exportFileName,
  exportStateOf,
  exportsRefetchInterval,
  exportSubject,
} from './exports';

const base: DataExport = {
  id: 1,
  kind: 'PERSONAL',
  workspace: null,
  status: 'READY',
  size: 2048,
  createdAt: '2026-12-01T01:00:00.000Z',
  finishedAt: '2026-12-01T01:01:00.000Z',
  expiresAt: '2026-12-08T01:01:00.000Z',
  downloadPath: '/exports/1/download',
};

describe('exportStateOf', () => {
  it('is the server status, and EXPIRED for a READY export without a download', () => {
    expect(exportStateOf(base)).toBe('READY');
    expect(exportStateOf({ ...base, downloadPath: null })).toBe('EXPIRED');
    expect(exportStateOf({ ...base, status: 'PENDING', downloadPath: null })).toBe('PENDING');
    expect(exportStateOf({ ...base, status: 'FAILED', downloadPath: null })).toBe('FAILED');
  });
});

describe('exportsRefetchInterval', () => {
  it('polls every 3 s while one is pending, and stops when none is', () => {
    expect(EXPORT_POLL_MS).toBe(3_000);
    expect(exportsRefetchInterval(undefined)).toBe(false);
    expect(exportsRefetchInterval([])).toBe(false);
    expect(exportsRefetchInterval([base, { ...base, id: 2, status: 'FAILED' }])).toBe(false);
    expect(exportsRefetchInterval([base, { ...base, id: 2, status: 'PENDING' }])).toBe(3_000);
  });
});

describe('exportSubject and exportFileName', () => {
  it('names a workspace export by its workspace, or as deleted, and a personal one as 내 데이터', () => {
    const workspace: DataExport = {
      ...base,
      kind: 'WORKSPACE',
      workspace: { id: 7, name: '졸업 프로젝트' },
    };
    expect(exportSubject(workspace)).toBe("워크스페이스 '졸업 프로젝트'");
    expect(exportSubject({ ...workspace, workspace: null })).toBe('삭제된 워크스페이스');
    expect(exportSubject(base)).toBe('내 데이터');
    expect(exportFileName(workspace)).toBe('teamup-workspace-7.zip');
    expect(exportFileName(base)).toBe('teamup-my-data-1.zip');
  });
});
