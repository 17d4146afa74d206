import { Card, Flex } from '@chakra-ui/react';
import { SelectField } from '../../../components/ui/OptionSelect';
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
          <SelectField
            label="Analytics Filter"
            field={{ w: 'auto', minW: '12rem' }}
            size="sm"
            name="period"
            value={period}
            onChange={(e) => select(e.target.value as Period)}
            options={PERIOD_OPTIONS}
          />
          {period === 'custom' && <CustomRangePopover value={custom} onApply={(c) => onChange('custom', c)} now={now} />}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
