import { Flex, type FlexProps } from '@chakra-ui/react';
import { Users } from 'lucide-react';
import { useCurrentWorkspace, useWorkspaces } from '../../api/get-workspaces';
import { OptionSelect } from '../ui/OptionSelect';

const ROLE_LABEL = { owner: 'owner', editor: 'editor', viewer: 'viewer' } as const;

/**
 * Header: which workspace every screen works in (docs/product.md#workspaces), remembered by this browser. A fixed
 * width beside the other header items on a wide screen; on a phone the header gives it a row of its own (AppLayout),
 * where it takes the whole width so the name stays readable.
 */
export function WorkspaceSwitcher(props: FlexProps) {
  const list = useWorkspaces();
  const { workspace, switchTo } = useCurrentWorkspace();
  const options = (list.data ?? []).map((w) => ({ value: w.id, label: w.isPersonal ? 'Personal' : `${w.name} (${ROLE_LABEL[w.role]})` }));
  if (options.length === 0) return null;
  return (
    <Flex align="center" gap="2" color="fg.muted" {...props}>
      <Users size={16} aria-hidden />
      <OptionSelect
        size="sm"
        flex="1"
        minW="0"
        aria-label="Workspace"
        name="workspace"
        options={options}
        value={workspace?.id ?? options[0].value}
        onChange={(e) => switchTo(e.target.value)}
      />
    </Flex>
  );
}
