import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { routes } from '../../../config/paths';
import { rememberLastWorkspaceId } from '../../../lib/workspace-storage';

/** Makes a workspace the current one and goes to its home, replacing the address if asked. */
export function useOpenWorkspace() {
  const navigate = useNavigate();
  return useCallback(
    (workspaceId: number, options?: { replace?: boolean }) => {
      rememberLastWorkspaceId(workspaceId);
      void navigate(routes.workspace.href(workspaceId), { replace: options?.replace });
    },
    [navigate],
  );
}
