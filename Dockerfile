FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY pokerhome ./pokerhome
COPY games ./games
RUN pip install --no-cache-dir .
COPY . .
RUN SECRET_KEY=build-only python manage.py collectstatic --noinput
EXPOSE 8000
CMD ["python", "-m", "pokerhome.serve", "-b", "0.0.0.0", "-p", "8000", "pokerhome.asgi:application"]
