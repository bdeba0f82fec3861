import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import type { ImportResult } from '@teamup/contracts/exports';
import { AppProviders } from '../../../app/providers';
import { myWorkspacesQueryKey } from '../../../lib/queries/my-workspaces';
import { tokenStore } from '../../../lib/token-store';
import { installBrowserShims } from '../../../test/render';
import { stubApi, testUser } from '../../../test/stub-api';
import { CreateWorkspaceDialog } from './create-workspace-dialog';

type Listener = (event: ProgressEvent) => void;

/** What the fake server answers the import with: status and JSON body. */
let answer: { status: number; body: unknown } = { status: 201, body: {} };

/**
 * The import goes over XMLHttpRequest (its upload progress): this one records the request and
 * answers it from `answer` after telling half and then all of the body sent.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  private readonly listeners = new Map<string, Listener[]>();
  private readonly uploadListeners = new Map<string, Listener[]>();
  upload = {
    addEventListener: (type: string, listener: Listener) =>
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]),
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  abort() {}
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    setTimeout(() => {
      for (const loaded of [50, 100]) {
        const event = { lengthComputable: true, loaded, total: 100 } as ProgressEvent;
        for (const listener of this.uploadListeners.get('progress') ?? []) listener(event);
      }
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      for (const listener of this.listeners.get('load') ?? []) listener({} as ProgressEvent);
    }, 0);
  }
}

function WorkspaceHome() {
  const { workspaceId } = useParams();
  return <p>workspace home {workspaceId}</p>;
}

function renderDialog() {
  installBrowserShims();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(myWorkspacesQueryKey, []);
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<CreateWorkspaceDialog opened onClose={onClose} />} />
          <Route path="/ws/:workspaceId" element={<WorkspaceHome />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  const dialog = within(screen.getByTestId('create-workspace-dialog'));
  return { dialog, queryClient, onClose };
}

const zip = (name = 'teamup-workspace-7-2026-12-01.zip') =>
  new File(['PK\u0003\u0004'], name, { type: 'application/zip' });

/** Picks `file` in the import's (hidden) file input. */
function choose(file: File) {
  fireEvent.change(screen.getByTestId('import-workspace-file'), { target: { files: [file] } });
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: testUser.id });
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  stubApi();
});

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

describe('CreateWorkspaceDialog: 내보낸 파일에서 가져오기', () => {
  it('uploads the chosen zip as the multipart field `file` and opens the new workspace', async () => {
    const result: ImportResult = {
      workspaceId: 55,
      name: '졸업 프로젝트',
      membersMatched: 3,
      membersMissing: 2,
    };
    answer = { status: 201, body: { data: result } };
    const { dialog, queryClient, onClose } = renderDialog();
    expect(dialog.getByText('내보낸 파일에서 가져오기')).toBeTruthy();
    const submit = dialog.getByTestId('import-workspace-submit');
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(dialog.getByTestId('import-workspace-file').getAttribute('accept')).toContain('.zip');

    const file = zip();
    choose(file);
    expect(dialog.getByTestId('import-workspace-name').textContent).toContain(file.name);
    fireEvent.click(submit);

    expect(await screen.findByText('workspace home 55')).toBeTruthy();
    expect(
      await screen.findByText(
        "'졸업 프로젝트' 워크스페이스를 가져왔습니다. 멤버 3명을 찾았고 2명은 이 서버에 계정이 없어 제외되었습니다.",
      ),
    ).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(1);
    const [sent] = FakeXhr.sent;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/api/workspaces/import');
    expect(sent?.headers.authorization).toBe('Bearer access');
    expect(sent?.body).toBeInstanceOf(FormData);
    expect((sent?.body as FormData).get('file')).toBe(file);
    expect(onClose).toHaveBeenCalled();
    expect(queryClient.getQueryState(myWorkspacesQueryKey)?.isInvalidated).toBe(true);
    expect(localStorage.getItem('teamup.lastWorkspaceId')).toBe('55');
  });

  it('says nothing of missing members when every one was found', async () => {
    answer = {
      status: 201,
      body: { data: { workspaceId: 56, name: '스터디', membersMatched: 4, membersMissing: 0 } },
    };
    const { dialog } = renderDialog();
    choose(zip());
    fireEvent.click(dialog.getByTestId('import-workspace-submit'));
    expect(await screen.findByText('workspace home 56')).toBeTruthy();
    expect(await screen.findByText("'스터디' 워크스페이스를 가져왔습니다.")).toBeTruthy();
  });

  it("refuses a file that is not a zip before sending, and shows the server's refusal", async () => {
    answer = {
      status: 400,
      body: {
        type: 'about:blank',
        title: 'IMPORT_INVALID',
        status: 400,
        code: 'IMPORT_INVALID',
        detail: '이 버전의 TeamUp이 읽을 수 없는 내보내기 파일입니다.',
      },
    };
    const { dialog, onClose } = renderDialog();
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const section = within(dialog.getByTestId('import-workspace'));
    expect(section.getByRole('alert').textContent).toContain(
      'TeamUp 워크스페이스 내보내기 파일(.zip)이 아닙니다.',
    );
    expect(dialog.getByTestId('import-workspace-submit').hasAttribute('disabled')).toBe(true);

    choose(zip('broken.zip'));
    expect(section.queryByRole('alert')).toBeNull();
    fireEvent.click(dialog.getByTestId('import-workspace-submit'));
    await waitFor(() =>
      expect(section.getByRole('alert').textContent).toContain(
        '이 버전의 TeamUp이 읽을 수 없는 내보내기 파일입니다.',
      ),
    );
    expect(FakeXhr.sent).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText(/workspace home/)).toBeNull();
  });

  it("shows the server's Korean detail for a file too large", async () => {
    answer = {
      status: 413,
      body: {
        type: 'about:blank',
        title: 'PAYLOAD_TOO_LARGE',
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        detail: '가져올 파일이 너무 큽니다. 200MB 이하만 가져올 수 있습니다.',
      },
    };
    const { dialog } = renderDialog();
    choose(zip());
    fireEvent.click(dialog.getByTestId('import-workspace-submit'));
    const section = within(dialog.getByTestId('import-workspace'));
    expect((await section.findByRole('alert')).textContent).toContain(
      '가져올 파일이 너무 큽니다. 200MB 이하만 가져올 수 있습니다.',
    );
  });
});
