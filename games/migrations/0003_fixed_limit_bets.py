from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_history_settings"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="small_bet",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="table",
            name="big_bet",
            field=models.PositiveIntegerField(default=0),
        ),
    ]
