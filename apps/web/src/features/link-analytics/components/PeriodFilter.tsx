import { Card, Field, Flex, NativeSelect } from '@chakra-ui/react';
import { initialCustomDates, PERIOD_OPTIONS, type CustomDates, type Period } from '../lib/period';
import { CustomRangePopover } from './CustomRangePopover';

interface Props {
  period: Period;
  custom: CustomDates;
  onChange: (period: Period, custom: CustomDates) => void;
  now?: Date;
}

/** 'Analytics Filter': Today, Yesterday, Last 7 Days, Custom Range (+ the range popover). */
export function PeriodFilter({ period, custom, onChange, now = new Date() }: Props) {
  const select = (next: Period) => onChange(next, next === 'custom' ? initialCustomDates(custom, now) : custom);
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Flex gap="3" align="end" wrap="wrap">
          <Field.Root w="auto" minW="12rem">
            <Field.Label>Analytics Filter</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field name="period" value={period} onChange={(e) => select(e.target.value as Period)}>
                {PERIOD_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {period === 'custom' && <CustomRangePopover value={custom} onApply={(c) => onChange('custom', c)} now={now} />}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
