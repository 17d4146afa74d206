import { Alert, Badge, Box, Button, Checkbox, Collapsible, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LINK_LIMITS, REDIRECT_TYPES, type RedirectType } from '@app/contracts';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SelectField } from '../ui/OptionSelect';
import { CACHED_REDIRECT_WARNING, CACHED_REDIRECTS, controlsInUse, type ControlsForm } from './controls-form';
import { RulesEditor } from './RulesEditor';
import { TagInput } from './TagInput';
import { UtmBuilder } from './UtmBuilder';
import { VariantsEditor } from './VariantsEditor';
import type { LinkControlsState } from './use-link-controls';

const REDIRECT_LABELS: Record<RedirectType, string> = {
  301: '301 Moved Permanently',
  302: '302 Found (default)',
  307: '307 Temporary Redirect',
  308: '308 Permanent Redirect',
};

interface Props {
  /** From `useLinkControls`: the value, its setter, and the errors found on submit (the section opens to show them). */
  controls: Pick<LinkControlsState, 'value' | 'setValue' | 'errors'>;
  /** The long URL the UTM preview builds on. */
  destination: string;
  mode: 'create' | 'edit';
  /** Edit: whether the link already has a password. */
  hasPassword?: boolean;
}

/** docs/product.md#shorten-url "Advanced": every link control (docs/product.md#link-controls), collapsed by default. */
export function AdvancedSection({ controls, destination, mode, hasPassword = false }: Props) {
  const { value, setValue: onChange, errors } = controls;
  const [open, setOpen] = useState(false);
  const errorCount = Object.keys(errors).length;
  useEffect(() => {
    if (errorCount > 0) setOpen(true);
  }, [errors, errorCount]);
  const set = <K extends keyof ControlsForm>(key: K, v: ControlsForm[K]) => onChange({ ...value, [key]: v });
  const inUse = controlsInUse(value) + (mode === 'edit' && hasPassword && !value.password && !value.removePassword ? 1 : 0);

  return (
    <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)} borderWidth="1px" borderRadius="md">
      <Collapsible.Trigger asChild>
        <Button variant="ghost" w="full" justifyContent="flex-start" px="4" py="3" h="auto">
          {open ? <ChevronDown /> : <ChevronRight />}
          <Text as="span" fontWeight="semibold">
            Advanced
          </Text>
          <Text as="span" fontSize="sm" color="fg.muted" fontWeight="normal" truncate>
            expiry, password, redirect, targeting, A/B, UTM, tags
          </Text>
          {inUse > 0 && (
            <Badge colorPalette="blue" ms="auto">
              {inUse} set
            </Badge>
          )}
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="5" p="4" pt="1" data-testid="advanced-section">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root invalid={Boolean(errors.expiresAt)}>
              <Field.Label>Expires at</Field.Label>
              <Input type="datetime-local" name="expiresAt" value={value.expiresAt} onChange={(e) => set('expiresAt', e.target.value)} />
              {errors.expiresAt ? (
                <Field.ErrorText>{errors.expiresAt}</Field.ErrorText>
              ) : (
                <Field.HelperText>Your local time. Empty: never expires.</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root invalid={Boolean(errors.maxClicks)}>
              <Field.Label>Click limit</Field.Label>
              <Input
                name="maxClicks"
                inputMode="numeric"
                placeholder="No limit"
                value={value.maxClicks}
                onChange={(e) => set('maxClicks', e.target.value.replace(/[^\d]/g, ''))}
              />
              {errors.maxClicks ? (
                <Field.ErrorText>{errors.maxClicks}</Field.ErrorText>
              ) : (
                <Field.HelperText>The link works this many times, then behaves as expired.</Field.HelperText>
              )}
            </Field.Root>
          </SimpleGrid>
          <Field.Root invalid={Boolean(errors.expiredUrl)}>
            <Field.Label>After expiry, send visitors to</Field.Label>
            <Input
              type="url"
              name="expiredUrl"
              placeholder="https://example.com/offer-ended"
              value={value.expiredUrl}
              onChange={(e) => set('expiredUrl', e.target.value)}
            />
            {errors.expiredUrl ? (
              <Field.ErrorText>{errors.expiredUrl}</Field.ErrorText>
            ) : (
              <Field.HelperText>Empty: visitors see “This link has expired”.</Field.HelperText>
            )}
          </Field.Root>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Stack gap="1">
              <Field.Root invalid={Boolean(errors.password)}>
                <Field.Label>{mode === 'edit' && hasPassword ? 'New password' : 'Password'}</Field.Label>
                <Input
                  type="password"
                  name="linkPassword"
                  autoComplete="new-password"
                  maxLength={LINK_LIMITS.passwordMax}
                  placeholder={mode === 'edit' && hasPassword ? 'Leave empty to keep the current one' : 'No password'}
                  value={value.password}
                  disabled={value.removePassword}
                  onChange={(e) => set('password', e.target.value)}
                />
                {errors.password ? (
                  <Field.ErrorText>{errors.password}</Field.ErrorText>
                ) : (
                  <Field.HelperText>
                    {mode === 'edit' && hasPassword
                      ? 'This link is password-protected.'
                      : `Visitors must enter it first (${LINK_LIMITS.passwordMin}–${LINK_LIMITS.passwordMax} characters).`}
                  </Field.HelperText>
                )}
              </Field.Root>
              {mode === 'edit' && hasPassword && (
                <Checkbox.Root
                  size="sm"
                  mt="1"
                  checked={value.removePassword}
                  onCheckedChange={(e) => onChange({ ...value, removePassword: e.checked === true, password: '' })}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Remove the password</Checkbox.Label>
                </Checkbox.Root>
              )}
            </Stack>
            <SelectField
              label="Redirect type"
              name="redirectType"
              value={String(value.redirectType)}
              onChange={(e) => set('redirectType', Number(e.target.value) as RedirectType)}
              options={REDIRECT_TYPES.map((t) => ({ value: String(t), label: REDIRECT_LABELS[t] }))}
            />
          </SimpleGrid>
          {CACHED_REDIRECTS.includes(value.redirectType) && (
            <Alert.Root status="warning" size="sm" data-testid="redirect-warning">
              <Alert.Indicator />
              <Alert.Description>{CACHED_REDIRECT_WARNING}</Alert.Description>
            </Alert.Root>
          )}
          <RulesEditor rows={value.rules} onChange={(rows) => set('rules', rows)} showError={Boolean(errors.rules)} />
          <VariantsEditor
            rows={value.variants}
            destination={destination}
            onChange={(rows) => set('variants', rows)}
            showError={Boolean(errors.variants)}
          />
          <UtmBuilder utm={value.utm} destination={destination} onChange={(utm) => set('utm', utm)} error={errors.utm} />
          <Box>
            <TagInput tags={value.tags} onChange={(tags) => set('tags', tags)} error={errors.tags} />
          </Box>
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
