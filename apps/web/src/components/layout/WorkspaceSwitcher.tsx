import { useCurrentWorkspace, useWorkspaces } from '../../api/get-workspaces';
import { OptionSelect } from '../ui/OptionSelect';

const ROLE_LABEL = { owner: 'owner', editor: 'editor', viewer: 'viewer' } as const;

/** Header: which workspace every screen works in (docs/product.md#workspaces), remembered by this browser. */
export function WorkspaceSwitcher() {
  const list = useWorkspaces();
  const { workspace, switchTo } = useCurrentWorkspace();
  const options = (list.data ?? []).map((w) => ({ value: w.id, label: w.isPersonal ? 'Personal' : `${w.name} (${ROLE_LABEL[w.role]})` }));
  if (options.length === 0) return null;
  return (
    <OptionSelect
      size="sm"
      width={{ base: '9rem', md: '14rem' }}
      aria-label="Workspace"
      name="workspace"
      options={options}
      value={workspace?.id ?? options[0].value}
      onChange={(e) => switchTo(e.target.value)}
    />
  );
}
