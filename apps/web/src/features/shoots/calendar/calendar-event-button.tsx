import { UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './calendar.module.css';
import type { ShootCalendarEvent } from './calendar-events.ts';

interface CalendarEventButtonProps {
  event: ShootCalendarEvent;
  onOpen: (event: ShootCalendarEvent) => void;
  /** Height in pixels (the day view sizes blocks by the event length). */
  h?: number;
  children: ReactNode;
  className?: string;
}

/** One event, coloured by kind (green Complete, blue Primary, yellow Alternative); opens its modal. */
export function CalendarEventButton({ event, onOpen, h, children, className }: CalendarEventButtonProps) {
  return (
    <UnstyledButton
      className={`${classes.event} ${className ?? ''}`}
      data-kind={event.kind}
      data-testid="calendar-event"
      data-shoot={event.shoot.uuid}
      data-day={event.day}
      data-hours={event.hours}
      h={h}
      onClick={() => onOpen(event)}
    >
      {children}
    </UnstyledButton>
  );
}
