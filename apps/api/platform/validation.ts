import { ValidationPipe } from '@nestjs/common';

/** Unknown fields rejected, types transformed, messages joined into one readable sentence by the ErrorFilter. */
export const validationPipe = new ValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  stopAtFirstError: true,
  validationError: { target: false, value: false },
});
